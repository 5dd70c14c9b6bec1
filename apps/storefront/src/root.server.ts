import { pageTitle, unsignedToken } from '@marketkit/hooks/core';
import type { LoaderFunctionArgs } from 'react-router';
import type { RootData } from './app/root-data.ts';
import { languageChoice } from './server/preferences.server.ts';
import { requestScope } from './server/request.server.ts';
import { storeAnswers } from './server/store.server.ts';

/**
 * The root's server loader: the store (from the host name), the shopper's language, pincode and
 * whether they are signed in (from the path and cookies), and the store's answers for the browser's
 * cache. Never the token itself: the session goes as its claims without a signature (a signed-in
 * shopper's page is never stored by a cache).
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData | null> {
  // The SPA build's page, rendered at build time: no request of a shopper, no store (src/root.tsx).
  if (__MARKETKIT_SPA__) return null;
  const scope = requestScope(request, context);
  // The language list submitted without code: kept, then the same page in that language.
  const choice = await languageChoice(scope);
  if (choice) throw choice;
  const answers = await storeAnswers(scope);
  return {
    config: scope.server.config,
    store: scope.store,
    storeId: scope.storeId,
    title: pageTitle(answers.validation?.store_status ? answers.validation.store_display_name : null),
    snapshot: {
      language: answers.language.language,
      direction: answers.language.direction,
      pincode: scope.pincode,
      signedIn: scope.accessToken !== null,
      session: unsignedToken(scope.accessToken),
    },
    dehydrated: scope.dehydrate(answers.queries),
  };
}
