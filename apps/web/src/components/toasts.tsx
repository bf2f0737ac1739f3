import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';

interface ToastMessage {
  title: string;
  description?: string;
}

/** Short confirmations of what just happened ("Order ticketed"), announced to screen readers. */
export const toasts = new ToastQueue<ToastMessage>();
export const notify = (title: string, description?: string) =>
  toasts.add({ title, ...(description ? { description } : {}) }, { timeout: 6000 });

export function Toasts() {
  return (
    <ToastRegion queue={toasts} className="toast-region">
      {({ toast }) => (
        <Toast toast={toast} className="toast">
          <ToastContent>
            <Text slot="title" className="toast-title">
              {toast.content.title}
            </Text>
            {toast.content.description && <Text slot="description">{toast.content.description}</Text>}
          </ToastContent>
          <Button slot="close" className="toast-close" aria-label="Dismiss">
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
