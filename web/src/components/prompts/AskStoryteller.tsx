import { promptText } from '@storyloom/shared/messages/prompts';
import { lazy, Suspense, useRef, useState } from 'react';
import { Modal } from '#web/components/ui/Modal.tsx';
import { useBackCloses } from '#web/hooks/use-back-closes.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { preloadChunksOf } from '#web/lib/lazy-chunks.ts';
import type { AskFormProps } from './AskForm.tsx';
import { AskFormShell } from './AskFormShell.tsx';
import { useCanAsk } from './api.ts';
import { useAskDraft } from './use-ask-draft.ts';

/**
 * The question form (with the form library and zod) loads when the reader opens it, not with the story page.
 * The dialog and its input are drawn at once (`AskFormShell`), so nothing typed meanwhile is lost.
 */
const AskForm = lazy(() => {
  preloadChunksOf('AskForm');
  return import('./AskForm.tsx').then((m) => ({ default: m.AskForm }));
});

/**
 * "Ask {storyteller} a question" (docs/family-loop.md), on a story shared with the reader by name and on the
 * storyteller's author page. Shown only when the server says the signed-in reader may ask (a by-name share
 * from this storyteller); the server checks again on sending. Back closes the dialog and keeps the page
 * (`useBackCloses`), and the question waits as a draft until it is sent (`useAskDraft`, docs/web.md).
 */
export function AskStoryteller({ storytellerId, name }: { storytellerId: string; name: string }) {
  // Visitors without an account (the author page is public) are never asked about: nobody to ask as.
  const { isLoggedIn, user } = useAuth();
  const can = useCanAsk(storytellerId, isLoggedIn && user?.ID !== storytellerId);
  const [open, setOpen] = useState(false);
  const back = useBackCloses('ask', setOpen);
  const ask = useAskDraft(storytellerId);
  if (!isLoggedIn || !can.data?.can_ask) return null;
  return (
    <section className="panel ask-storyteller" aria-labelledby="ask-storyteller-title">
      <h2 id="ask-storyteller-title">{promptText.askTitle(name)}</h2>
      <p className="panel-detail">{promptText.askHint(name)}</p>
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => {
          ask.opened();
          setOpen(true);
          back.enter();
        }}
        aria-haspopup="dialog"
      >
        {promptText.askTitle(name)}
      </button>
      {open && (
        <AskDialog
          storytellerId={storytellerId}
          name={name}
          draft={ask.draft}
          onText={ask.typed}
          onSent={() => {
            ask.sent();
            back.close();
          }}
          onClose={back.close}
        />
      )}
    </section>
  );
}

/** The open dialog: the draft goes from the shell to the form when the form's code arrives. */
function AskDialog(props: Omit<AskFormProps, 'fieldRef'>) {
  const { name, draft, onText, onClose } = props;
  const fieldRef = useRef<HTMLInputElement>(null);
  return (
    <Modal open onClose={onClose} title={promptText.askTitle(name)} initialFocusRef={fieldRef}>
      <Suspense
        fallback={<AskFormShell name={name} draft={draft} fieldRef={fieldRef} onText={onText} onClose={onClose} />}
      >
        <AskForm {...props} fieldRef={fieldRef} />
      </Suspense>
    </Modal>
  );
}
