import type { Blocker } from 'react-router-dom';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';

/**
 * Asked when leaving would throw away typing (Cancel, the navbar, Back: the router's blocker holds
 * the navigation until the user answers). A long memory is hard to write twice.
 */
export function LeaveFormDialog({ blocker, onLeave }: { blocker: Blocker; onLeave?: () => void }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave Without Saving?"
      confirmLabel="Leave Without Saving"
      cancelLabel="Keep Writing"
      onConfirm={() => {
        onLeave?.();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    >
      <p>What you have typed on this page will be lost.</p>
    </ConfirmDialog>
  );
}
