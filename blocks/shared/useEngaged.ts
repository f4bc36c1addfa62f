import { useState, type FocusEvent } from 'react';

/**
 * Whether the pointer is over, or keyboard focus is inside, an element: auto-advancing content pauses
 * then (WCAG 2.2.2), so nothing moves away while the shopper reads or operates it.
 */
export function useEngaged(hover = true) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    engaged: (hover && hovered) || focused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
