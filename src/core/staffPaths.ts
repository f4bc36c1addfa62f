/** Where staff answer live chats (atlas); new-chat notifications link here. */
export const LIVE_CHAT_CONSOLE_PATH = '/atlas/chat/';
