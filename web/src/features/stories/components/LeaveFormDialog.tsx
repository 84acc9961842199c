import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';

/** Asked when Cancel would throw away typing: a long memory is hard to write twice. */
export function LeaveFormDialog({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Leave Without Saving?"
      confirmLabel="Leave Without Saving"
      cancelLabel="Keep Writing"
      onConfirm={onLeave}
      onCancel={onStay}
    >
      <p>What you have typed on this page will be lost.</p>
    </ConfirmDialog>
  );
}
