import { type ComponentType, lazy, startTransition, useLayoutEffect, useState } from 'react';
import { type RouteObject, Router, useRoutes } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';
import { GuestOnly, RequireAdmin, RequireAuth } from '#web/lib/guards.tsx';
import { appHistory, navigator } from '#web/lib/history.ts';
import { preloadChunksOf } from '#web/lib/lazy-chunks.ts';
import { NotFound } from './routes/NotFound.tsx';
import { RootLayout } from './routes/RootLayout.tsx';
import { RouteErrorBoundary } from './routes/RouteError.tsx';

/**
 * A route whose page is its own chunk, loaded on first visit. Route files export a named
 * component (no default exports), picked here by name: the file's own name, which is also how
 * lib/lazy-chunks.ts finds the chunks it imports.
 */
function lazyRoute<K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): RouteObject {
  const Page = lazy<ComponentType>(async () => {
    // The page's own chunks travel with it, not one round trip after it (lib/lazy-chunks.ts).
    preloadChunksOf(name);
    return { default: (await load())[name] };
  });
  return { path, element: <Page /> };
}

/** Spec section 2's route table; guards are layout routes around the pages they protect. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors render inside the shell, so navigation and the footer stay usable.
        element: <RouteErrorBoundary />,
        children: [
          lazyRoute(paths.home.path, () => import('#web/features/landing/routes/LandingRoute.tsx'), 'LandingRoute'),
          lazyRoute(paths.stories.path, () => import('#web/features/discover/routes/StoriesRoute.tsx'), 'StoriesRoute'),
          lazyRoute(
            paths.sharedStory.path,
            () => import('#web/features/discover/routes/SharedStoryRoute.tsx'),
            'SharedStoryRoute',
          ),
          lazyRoute(paths.author.path, () => import('#web/features/discover/routes/AuthorRoute.tsx'), 'AuthorRoute'),
          // The family-loop email's links: public (a bad link is refused without login; the answer link logs in itself).
          lazyRoute(
            paths.mailAnswer.path,
            () => import('#web/features/profile/routes/MailAnswerRoute.tsx'),
            'MailAnswerRoute',
          ),
          lazyRoute(
            paths.unsubscribe.path,
            () => import('#web/features/profile/routes/UnsubscribeRoute.tsx'),
            'UnsubscribeRoute',
          ),
          lazyRoute(paths.listen.path, () => import('#web/features/book/routes/ListenRoute.tsx'), 'ListenRoute'),
          lazyRoute(
            paths.privacyPolicy.path,
            () => import('#web/features/legal/routes/PrivacyPolicyRoute.tsx'),
            'PrivacyPolicyRoute',
          ),
          lazyRoute(
            paths.termsOfService.path,
            () => import('#web/features/legal/routes/TermsOfServiceRoute.tsx'),
            'TermsOfServiceRoute',
          ),
          {
            element: <GuestOnly />,
            children: [
              lazyRoute(paths.login.path, () => import('#web/features/auth/routes/LoginRoute.tsx'), 'LoginRoute'),
              lazyRoute(
                paths.register.path,
                () => import('#web/features/auth/routes/RegisterRoute.tsx'),
                'RegisterRoute',
              ),
              lazyRoute(
                paths.verifyEmail.path,
                () => import('#web/features/auth/routes/VerifyEmailRoute.tsx'),
                'VerifyEmailRoute',
              ),
              lazyRoute(
                paths.forgotPassword.path,
                () => import('#web/features/auth/routes/ForgotPasswordRoute.tsx'),
                'ForgotPasswordRoute',
              ),
              lazyRoute(
                paths.resetPassword.path,
                () => import('#web/features/auth/routes/ResetPasswordRoute.tsx'),
                'ResetPasswordRoute',
              ),
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              lazyRoute(
                paths.dashboard.path,
                () => import('#web/features/stories/routes/DashboardRoute.tsx'),
                'DashboardRoute',
              ),
              lazyRoute(
                paths.createStory.path,
                // Write, or with ?type=audio record / upload (docs/media.md).
                () => import('#web/features/stories/routes/CreateStoryPage.tsx'),
                'CreateStoryPage',
              ),
              lazyRoute(
                paths.editStory.path,
                () => import('#web/features/stories/routes/EditStoryRoute.tsx'),
                'EditStoryRoute',
              ),
              lazyRoute(paths.story.path, () => import('#web/features/stories/routes/StoryRoute.tsx'), 'StoryRoute'),
              lazyRoute(
                paths.prompts.path,
                () => import('#web/features/prompts/routes/BrowsePromptsRoute.tsx'),
                'BrowsePromptsRoute',
              ),
              lazyRoute(
                paths.promptAnswered.path,
                () => import('#web/features/prompts/routes/PromptAnsweredRoute.tsx'),
                'PromptAnsweredRoute',
              ),
              lazyRoute(
                paths.makeBook.path,
                () => import('#web/features/book/routes/MakeBookRoute.tsx'),
                'MakeBookRoute',
              ),
              lazyRoute(
                paths.profile.path,
                () => import('#web/features/profile/routes/ProfileRoute.tsx'),
                'ProfileRoute',
              ),
              lazyRoute(
                paths.keepsakeDownload.path,
                () => import('#web/features/profile/routes/KeepsakeDownloadRoute.tsx'),
                'KeepsakeDownloadRoute',
              ),
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              lazyRoute(paths.admin.path, () => import('#web/features/admin/routes/AdminRoute.tsx'), 'AdminRoute'),
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/**
 * React Router's component router on the app's own history (`lib/history.ts`: the data router would
 * cost 18 KB gzip on every first load for loaders and actions the SPA does not use). Like
 * React Router's `BrowserRouter`, a navigation renders in a transition: the old page stays until the new
 * one's code has arrived.
 */
export function AppRouter() {
  const [state, setState] = useState({ action: appHistory.action, location: appHistory.location });
  useLayoutEffect(() => appHistory.listen((update) => startTransition(() => setState(update))), []);
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      <AppRoutes />
    </Router>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
