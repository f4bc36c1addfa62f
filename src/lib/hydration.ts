import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server's HTML is on screen without the app behind it (and on the server), true once the app
 * has taken over. A form's submit waits for it: before then a press would go nowhere, or worse, send the form
 * natively with its fields (a password) in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * A text field whose content differs from what the form last rendered into it: the visitor typed (or the browser
 * filled in) the server-drawn field before the app took over. React leaves that text on screen but blanks it at
 * the field's next render unless the form's state takes it. Never a checkbox or radio.
 */
export function typedBeforeHydration(el: Element, rendered: string): el is HTMLInputElement | HTMLTextAreaElement {
  const text = el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio');
  return text && (el as HTMLInputElement).value !== rendered;
}

/**
 * For a server-drawn form whose fields keep their values in React state: once the app has taken over, every text
 * field holding something other than what the server drew gets its own change event, so the form's state takes
 * what was typed. Returns the ref for the <form>.
 */
export function useKeepTypedText(): (form: HTMLFormElement | null) => void {
  const form = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    for (const el of Array.from(form.current?.elements ?? [])) {
      if (!typedBeforeHydration(el, (el as HTMLInputElement).defaultValue)) continue;
      const typed = el.value;
      // React notices a change against the value it last saw: show it the drawn value, then the typed one.
      el.value = el.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, typed);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, []);
  return useCallback((el: HTMLFormElement | null) => {
    form.current = el;
  }, []);
}
