import { useEffect, useRef, useState } from 'react';

/**
 * A popup's focus handling (issue 21): it takes focus (the returned ref, usually its close button) when it opens and
 * gives it back to whatever had it (the opener) when it closes, if focus was the popup's or was lost and the opener
 * is still on the page (a popup that opened this one may be gone).
 */
export function usePopupFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  // Read while rendering, before the effect below moves focus (React's strict mode runs effects twice).
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    ref.current?.focus();
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body && lost) opener.focus();
    };
  }, [opener]);
  return ref;
}
