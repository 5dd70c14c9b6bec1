import type { components } from '@marketkit/sdk';

export type FieldError = components['schemas']['FieldError'];
