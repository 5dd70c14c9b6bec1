import { configure } from '@testing-library/react';
import { ASYNC_UTIL_TIMEOUT_MS } from '../../../vitest.timeouts.ts';

// `findBy*`/`waitFor` wait up to 1 s by default: too short on a loaded 2-core machine (vitest.timeouts.ts).
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
