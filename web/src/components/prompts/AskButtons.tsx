import { promptText } from '@storyloom/shared/messages/prompts';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';

/** Send and Cancel of the ask form, the same whether the form's code has loaded yet or not (AskFormShell). */
export function AskButtons({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  return (
    <div className="button-row">
      <BusyButton className="button button-primary button-large" busy={busy} busyLabel={promptText.askSending}>
        {promptText.askSend}
      </BusyButton>
      <button type="button" className="button button-secondary button-large" onClick={onClose}>
        {promptText.askCancel}
      </button>
    </div>
  );
}
