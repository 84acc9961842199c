import { leaveFormText } from '@storyloom/shared/messages/fields';
import type { ReactNode } from 'react';
import type { Blocker } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * Asked when leaving would throw away unsaved work (Cancel, the navbar, Back: the router's blocker
 * holds the navigation until the user answers; `hooks/use-leave-guard.ts`). A long memory is hard to
 * write twice, and a recording harder to make again. Story forms, both recorders and the book form use it.
 */
export function LeaveFormDialog({
  blocker,
  onLeave,
  keepLabel = leaveFormText.keepWriting,
  children = <p>{leaveFormText.lost}</p>,
}: {
  blocker: Blocker;
  onLeave?: () => void;
  /** The safe choice, which has the focus. */
  keepLabel?: string;
  /** What would be lost. */
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={leaveFormText.title}
      confirmLabel={leaveFormText.confirm}
      cancelLabel={keepLabel}
      onConfirm={() => {
        onLeave?.();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    >
      {children}
    </ConfirmDialog>
  );
}
