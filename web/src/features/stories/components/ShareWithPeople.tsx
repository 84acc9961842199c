import { SHARE_PERMISSIONS, type SharePermission } from '@storyloom/shared/constants';
import { fallback, storyConfirmText, storyShareText, success } from '@storyloom/shared/messages';
import { type ShareDto, type StoryDto, shareSchema } from '@storyloom/shared/schemas/stories';
import { useId, useState } from 'react';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useFocusAfterRemoval } from '#web/hooks/use-focus-after-removal.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useRemoveShare } from '../api/remove-share.ts';
import { useShareStory } from '../api/share-story.ts';

const permissionLabel: Record<SharePermission, string> = storyShareText.permissionLabel;
const permissionHint: Record<SharePermission, string> = storyShareText.permissionHint;

export function ShareWithPeople({ story }: { story: StoryDto }) {
  const toast = useToast();
  const id = useId();
  const share = useShareStory(story.ID);
  const remove = useRemoveShare(story.ID);
  const [toRemove, setToRemove] = useState<ShareDto | null>(null);
  const form = useForm({
    schema: shareSchema,
    defaultValues: { username: '', permission: 'read' as SharePermission },
    fallback: fallback.shareStory,
  });
  const username = form.inputProps('username');
  const permission = form.inputProps('permission');
  const removeError = remove.isError ? errorText(remove.error, fallback.removeShare) : null;
  // A removed item takes its button (and the keyboard's focus) with it: the heading takes the focus.
  const { targetRef: listTitleRef, removing } = useFocusAfterRemoval(story.shared_with.length);

  const onSubmit = form.submit(
    async (input) => {
      remove.reset();
      const { share: added } = await share.mutateAsync(input);
      toast.success(success.storyShared(added.SharedWith.username));
      form.form.reset({ username: '', permission: input.permission });
    },
    {
      onError: (err) => {
        toast.error(errorText(err, fallback.shareStory));
        return false;
      },
    },
  );

  const onRemove = () => {
    const target = toRemove;
    setToRemove(null);
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        removing();
        toast.success(success.shareRemoved);
      },
      onError: (err) => toast.error(errorText(err, fallback.removeShare)),
    });
  };

  return (
    <section className="modal-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{storyShareText.peopleTitle}</h3>
      <p className="modal-intro">{storyShareText.peopleIntro}</p>
      <form className="form share-form" onSubmit={onSubmit} noValidate>
        <div className="share-row">
          <div className="field">
            <label htmlFor={username.id}>{storyShareText.username}</label>
            <input {...username} type="text" autoComplete="off" autoCapitalize="none" spellCheck={false} />
          </div>
          <div className="field">
            <label htmlFor={permission.id}>{storyShareText.permission}</label>
            <select {...permission}>
              {SHARE_PERMISSIONS.map((p) => (
                <option key={p} value={p}>
                  {permissionLabel[p]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="field-hint">{storyShareText.permissionsHint}</p>
        <FormAlert id={form.errorId} message={form.error?.message ?? removeError} alertRef={form.errorRef} />
        <div className="button-row">
          <BusyButton className="button button-primary" busy={form.busy} busyLabel={storyShareText.sharing}>
            {storyShareText.share}
          </BusyButton>
        </div>
      </form>

      <h4 className="share-list-title" ref={listTitleRef} tabIndex={-1}>
        {storyShareText.listTitle}
      </h4>
      {story.shared_with.length === 0 ? (
        <p className="comments-empty">{storyShareText.nobody}</p>
      ) : (
        <ul className="share-list">
          {story.shared_with.map((item) => (
            <li key={item.id} className="share-item">
              <span className="share-who">
                <strong>{item.SharedWith.username}</strong>
                <span className="badge badge-permission">{permissionLabel[item.permission]}</span>
                <span className="visually-hidden">({permissionHint[item.permission]})</span>
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setToRemove(item)}
                disabled={remove.isPending && remove.variables === item.id}
                aria-haspopup="dialog"
                aria-label={storyConfirmText.removeShare.openLabel(item.SharedWith.username)}
              >
                {remove.isPending && remove.variables === item.id
                  ? storyConfirmText.removeShare.busy
                  : storyConfirmText.removeShare.open}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title={storyConfirmText.removeShare.title}
        confirmLabel={storyConfirmText.removeShare.confirm}
        cancelLabel={storyConfirmText.removeShare.keep}
        danger
        onConfirm={onRemove}
        onCancel={() => setToRemove(null)}
      >
        <p>
          {storyConfirmText.removeShare.body(
            <strong key="username">{toRemove?.SharedWith.username}</strong>,
            <strong key="title" dir="auto">
              {story.title}
            </strong>,
          )}
        </p>
      </ConfirmDialog>
    </section>
  );
}
