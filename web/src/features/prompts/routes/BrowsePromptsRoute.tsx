import { promptText } from '@storyloom/shared/messages';
import type { PromptLibraryDto } from '@storyloom/shared/schemas/prompts';
import { Breadcrumbs } from '#web/components/ui/Breadcrumbs.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { usePromptLibrary } from '../api/prompt-library.ts';
import { OwnQuestionForm } from '../components/OwnQuestionForm.tsx';
import { PromptItem } from '../components/PromptItem.tsx';

/**
 * /prompts, "Browse all" (docs/family-loop.md): the storyteller's own questions and a form to write one, then
 * the library by stage of life and theme. Answered questions are marked (with a link to the answer); hidden
 * ones stay listed, marked, with "Show again".
 */
export function BrowsePromptsRoute() {
  useDocumentTitle(promptText.browseTitle);
  const library = usePromptLibrary();
  return (
    <section className="page page-narrow prompts-page">
      <Breadcrumbs items={[{ label: 'Dashboard', to: paths.dashboard.getHref() }, { label: promptText.browseTitle }]} />
      <header className="page-header">
        <h1>{promptText.browseTitle}</h1>
        <p className="section-lead">{promptText.browseIntro}</p>
      </header>
      {library.isPending && <Spinner label="Loading questions…" className="page-spinner" />}
      {library.isError && <LoadError message={library.error.message} onRetry={() => void library.refetch()} />}
      {library.isSuccess && <Lists library={library.data} />}
    </section>
  );
}

function Lists({ library }: { library: PromptLibraryDto }) {
  const stages = [...new Set(library.themes.map((t) => t.stage))];
  return (
    <>
      {/* 155 questions make a long page: one link per theme, for those who know where they want to begin. */}
      <nav aria-label={promptText.themesNav} className="prompt-themes-nav">
        <ul className="button-row">
          {library.themes.map((t) => (
            <li key={t.id}>
              <a href={`#theme-${t.id}`} className="button button-secondary">
                {t.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="prompt-theme" aria-labelledby="own-questions-title">
        <h2 id="own-questions-title">{promptText.ownTitle}</h2>
        {library.own.length === 0 ? (
          <p>{promptText.ownEmpty}</p>
        ) : (
          <ul className="prompt-list">
            {library.own.map((p) => (
              <PromptItem key={p.id} prompt={p} />
            ))}
          </ul>
        )}
        <OwnQuestionForm />
      </section>
      {stages.map((stage) => (
        <section key={stage} className="prompt-stage" aria-labelledby={`stage-${stage}`}>
          <h2 id={`stage-${stage}`}>{promptText.stageTitle[stage] ?? stage}</h2>
          {library.themes
            .filter((t) => t.stage === stage)
            .map((theme) => (
              <section key={theme.id} className="prompt-theme" aria-labelledby={`theme-${theme.id}`}>
                <h3 id={`theme-${theme.id}`}>{theme.title}</h3>
                <ul className="prompt-list">
                  {theme.prompts.map((p) => (
                    <PromptItem key={p.id} prompt={p} />
                  ))}
                </ul>
              </section>
            ))}
        </section>
      ))}
    </>
  );
}
