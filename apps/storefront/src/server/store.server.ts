import {
  refetchInLanguage,
  type ServerCall,
  settingsStoreId,
  storeValidationState,
} from '@marketkit/hooks/core';
import { type MarketQuery, storeQueries } from '@marketkit/hooks/prefetch';
import type { ResponseBody } from '@marketkit/sdk';
import type { PageLanguage, RequestScope } from './request.server.ts';

export interface StoreAnswers {
  language: PageLanguage;
  validation: ResponseBody<'validateStore'> | undefined;
  settings: ResponseBody<'getContentSettings'> | undefined;
  /** How validation and settings (null: not asked) had ended when the page was sent. */
  calls: {
    validation: ServerCall<ResponseBody<'validateStore'>>;
    settings: ServerCall<
      NonNullable<ResponseBody<'getContentSettings'>['store_settings_data']>[number] | undefined
    > | null;
  };
  /** The queries answered, under the keys the hooks read (for the browser's cache). */
  queries: MarketQuery<unknown>[];
}

const answers = new WeakMap<RequestScope, Promise<StoreAnswers>>();

/**
 * The store's own answers for a page, asked once per request and shared by its
 * loaders: the language list (which decides the page's language), validation and settings, in the
 * page's language. Settings go out beside validation when the configuration knows the store's id.
 */
export function storeAnswers(scope: RequestScope): Promise<StoreAnswers> {
  let pending = answers.get(scope);
  if (!pending) {
    pending = ask(scope);
    answers.set(scope, pending);
  }
  return pending;
}

async function ask(scope: RequestScope): Promise<StoreAnswers> {
  const queries = storeQueries(scope.client);
  const languageReady = scope.language();
  // A shopper without a language of their own sees the store's default (souq's is Arabic): learn it
  // before asking for texts that come in a language.
  if (scope.languageCandidate === null) await languageReady;
  const askedIn = scope.sentLanguage();
  const validationQuery = queries.validation();
  const settingsFor = (storeId: number) => queries.settings(storeId);
  let settingsQuery = scope.storeId ? settingsFor(scope.storeId) : null;
  let settings = settingsQuery ? scope.fetch(settingsQuery) : undefined;
  let [language, validation] = await Promise.all([languageReady, scope.fetch(validationQuery)]);
  // The settings the browser will ask for: the validated store's (a hint that was wrong costs one call).
  const validated = storeValidationState({ isLoading: false, ...(validation ? { data: validation } : {}) });
  const storeId = settingsStoreId(validated, scope.storeId);
  if (storeId !== null && storeId !== scope.storeId) {
    settingsQuery = settingsFor(storeId);
    settings = scope.fetch(settingsQuery);
  } else if (storeId === null) {
    settingsQuery = null;
    settings = undefined;
  }
  let settingsAnswer = await settings;
  // Asked before the store's languages decided, in a language the store does not have: ask again.
  if (askedIn !== null && refetchInLanguage(askedIn, language.language)) {
    [validation, settingsAnswer] = await Promise.all([
      scope.fetch(validationQuery, { fresh: true }),
      settingsQuery ? scope.fetch(settingsQuery, { fresh: true }) : undefined,
    ]);
  }
  language = await languageReady;
  const call = <T>(query: MarketQuery<unknown>, data: T | undefined): ServerCall<T> => {
    const outcome = scope.outcome(query);
    return outcome === 'answered' && data !== undefined
      ? { status: 'answered', data }
      : { status: outcome === 'failed' ? 'failed' : 'late' };
  };
  return {
    language,
    validation,
    settings: settingsAnswer,
    calls: {
      validation: call(validationQuery, validation),
      settings: settingsQuery ? call(settingsQuery, settingsAnswer?.store_settings_data?.[0]) : null,
    },
    queries: [queries.languages(), validationQuery, ...(settingsQuery ? [settingsQuery] : [])],
  };
}
