/**
 * §4/§9 editing delay: a form field is "editing" until 1500 ms after its last input (its error shows then), and
 * builder edits of one gesture closer together than this are one undo step.
 */
export const EDITING_DELAY_MS = 1500;
