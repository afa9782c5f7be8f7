import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import type { NotificationsService } from '../services/keys';

const Ctx = createContext<NotificationsService | null>(null);

/**
 * Our toasts carry a message and no action, so they are not Tab stops: Fluent gives each toast `tabIndex=0` and a
 * 'limited-trap-focus' group whose Tab handler keeps focus on the toast when it has nothing focusable inside
 * (microsoft/fluentui#28660), which held a keyboard user there for the toast's 5 s. The root slot's `tabIndex` is
 * applied after Fluent's, so -1 takes the toast out of the Tab order. Screen readers still hear the message through
 * the toaster's polite live region.
 */
const NOT_A_TAB_STOP = { tabIndex: -1 } as const;

/** Toasts close after 5 seconds, top-right (spec part 1 section 9). */
export function NotificationsProvider({ children, onReady }: { children: ReactNode; onReady?: (s: NotificationsService) => void }) {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const service = useMemo<NotificationsService>(() => ({
    notify(message, intent = 'info') {
      dispatchToast(<Toast><ToastTitle>{message}</ToastTitle></Toast>, { intent, timeout: 5000, position: 'top-end', root: NOT_A_TAB_STOP });
    },
  }), [dispatchToast]);
  onReady?.(service);
  return (
    <Ctx.Provider value={service}>
      <Toaster toasterId={toasterId} position="top-end" />
      {children}
    </Ctx.Provider>
  );
}

export function useNotify() {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useNotify needs a NotificationsProvider');
  return ctx.notify;
}
