import { api } from '../../lib/api';
import { snackbar } from '../Snackbar';
import { PUSH_SUBSCRIPTION_FAILED } from '../../core/notifications';

// Loaded when someone asks for push notifications, not with every page.
const urlBase64ToUint8Array = (base64: string) => {
  const raw = atob((base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** Asks for push permission and registers this browser (§7 subscriptions); §8 message when it fails. */
export async function subscribeToPush(): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await api<{ publicKey: string }>('notifications/vapid-key/');
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(publicKey) });
    await api('notifications/subscriptions/', { method: 'POST', body: { subscription: subscription.toJSON(), userAgent: navigator.userAgent } });
    return true;
  } catch {
    snackbar.push({ code: 'push-subscription', text: PUSH_SUBSCRIPTION_FAILED, kind: 'error' });
    return false;
  }
}
