import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import type { NotificationsService } from '../services/keys';

const Ctx = createContext<NotificationsService | null>(null);

/** Toasts close after 5 seconds, top-right (spec part 1 section 9). */
export function NotificationsProvider({ children, onReady }: { children: ReactNode; onReady?: (s: NotificationsService) => void }) {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const service = useMemo<NotificationsService>(() => ({
    notify(message, intent = 'info') {
      dispatchToast(<Toast><ToastTitle>{message}</ToastTitle></Toast>, { intent, timeout: 5000, position: 'top-end' });
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
