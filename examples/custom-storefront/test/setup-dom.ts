import { configure } from '@testing-library/react';

// `findBy*`/`waitFor` wait up to 1 s by default; a jsdom journey outwaited that on a loaded 2-core
// machine. 10 s only bounds a hang (this example is self-contained: no import from the workspace).
configure({ asyncUtilTimeout: 10_000 });
