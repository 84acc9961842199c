import { KEEPSAKE_KINDS, type KeepsakeKind } from '@storyloom/shared/keepsake';
import { exportText, keepsakeText } from '@storyloom/shared/messages/keepsake';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { keepsakeDownloadUrl, saveFrom } from '#web/components/keepsake/api.ts';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useQuery } from '#web/lib/queries.ts';

const isKind = (kind: string | undefined): kind is KeepsakeKind => KEEPSAKE_KINDS.includes(kind as KeepsakeKind);

/**
 * /keepsake/{kind}/download/{id}: where the emailed link lands (signed in: the router's guard sends
 * others to log in and back). Asks for a fresh secure URL of the build — the owner's only, while it is
 * downloadable (24 h) — and starts the download; says why when it cannot.
 */
export function KeepsakeDownloadRoute() {
  useDocumentTitle(exportText.downloadPageTitle);
  const { kind, id = '' } = useParams();
  const valid = isKind(kind);
  const download = useQuery({
    queryKey: ['keepsake', kind, 'download', id],
    queryFn: () => keepsakeDownloadUrl(kind as KeepsakeKind, id),
    enabled: valid,
    retry: false,
    // A secure URL lasts minutes: never reuse an old one from the cache.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const started = useRef(false);
  useEffect(() => {
    if (!download.data || started.current) return;
    started.current = true;
    saveFrom(download.data.secure_url, download.data.file_name);
  }, [download.data]);

  return (
    <section className="page page-narrow keepsake-download">
      <h1>{exportText.downloadPageTitle}</h1>
      {!valid || download.isError ? (
        <p className="form-error" role="alert">
          {(valid && download.error?.message) || keepsakeText.buildNotFound}
        </p>
      ) : download.data ? (
        <>
          <p>{exportText.downloadStarting}</p>
          <p>
            {exportText.downloadManual}{' '}
            <a href={download.data.secure_url} download={download.data.file_name}>
              {download.data.file_name}
            </a>
          </p>
        </>
      ) : (
        <p aria-live="polite">{keepsakeText.queued}</p>
      )}
      <p>
        <Link to={paths.profile.getHref()}>Back to your profile</Link>
      </p>
    </section>
  );
}
