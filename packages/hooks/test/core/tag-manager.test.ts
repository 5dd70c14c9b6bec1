import type { Schema } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import { pageAllowsTagManager, type ServerCall } from '../../src/core/index.ts';

type Validation = ServerCall<Schema<'StoreValidation'>>;
type Settings = ServerCall<Schema<'StoreSettings'> | undefined> | null;

const store = (open: boolean): Validation => ({
  status: 'answered',
  data: { name: 'demo', store_display_name: 'Demo', store_id: 1, store_status: open },
});
// Only the field the rule reads; the rest of a settings entry does not decide it.
const settingsWith = (tag: string): Settings => ({
  status: 'answered',
  data: { store_page_settings: { google_analytics_tag: tag } } as Schema<'StoreSettings'>,
});

describe("which pages may load the store's tag manager", () => {
  it.each<[string, Validation, Settings, boolean]>([
    ['open, sets a tag', store(true), settingsWith('GTM-1234'), true],
    ['open, no tag', store(true), settingsWith(''), false],
    ['open, a tag of spaces', store(true), settingsWith('   '), false],
    ['open, settings answered without an entry', store(true), { status: 'answered', data: undefined }, false],
    ['open, settings failed (the settings error page)', store(true), { status: 'failed' }, false],
    ['open, settings late (the browser asks again)', store(true), { status: 'late' }, true],
    ['closed', store(false), null, false],
    ['closed, even with a tag set', store(false), settingsWith('GTM-1234'), false],
    ['not found (validation failed)', { status: 'failed' }, null, false],
    ['not found, hinted settings answered with a tag', { status: 'failed' }, settingsWith('GTM-1234'), false],
    ['validation late, settings not asked', { status: 'late' }, null, true],
    ['validation late, hinted settings without a tag', { status: 'late' }, settingsWith(''), false],
    ['validation late, hinted settings failed', { status: 'late' }, { status: 'failed' }, false],
  ])('%s', (_name, validation, settings, expected) =>
    expect(pageAllowsTagManager({ validation, settings })).toBe(expected),
  );
});
