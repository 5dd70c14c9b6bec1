/** A fault the sandbox injects on purpose (tests and demos of error paths). All are off by default. */
export interface FaultRule {
  /** Filled in by the sandbox when absent. */
  id?: string;
  /** HTTP method to match (any when absent). */
  method?: string;
  /** Pathname to match; `*` matches any characters (e.g. `/cfs/rest/v3/customer-cart*`). */
  path: string;
  /** Only requests of this store (realm name or token), when set. */
  store?: string;
  /** Delay before answering, in milliseconds. */
  latencyMs?: number;
  /** Answer with this status and an error envelope instead of running the operation. */
  status?: number;
  /** `response_message` of that error answer. */
  message?: string;
  /** Close the connection without an answer (a network error for the client). */
  drop?: boolean;
  /** Run the operation, then spoil the answer. */
  malformed?: 'invalid-json' | 'empty' | 'html' | 'truncated';
  /** How many matching requests it applies to; unlimited when absent. */
  times?: number;
}

const toPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

export function createFaults(initial: FaultRule[] = [], globalLatencyMs = 0) {
  let rules: (FaultRule & { id: string })[] = [];
  let counter = 0;
  const add = (rule: FaultRule) => {
    if (typeof rule.path !== 'string' || rule.path.length === 0) throw new Error('A fault needs a path');
    if (rule.status !== undefined && (rule.status < 100 || rule.status > 599))
      throw new Error('A fault status must be 100–599');
    const stored = { ...rule, id: rule.id ?? `fault-${++counter}` };
    rules.push(stored);
    return stored;
  };
  for (const rule of initial) add(rule);
  return {
    list: () => rules.map((rule) => ({ ...rule })),
    add,
    replace(next: FaultRule[]) {
      rules = [];
      for (const rule of next) add(rule);
    },
    remove(id: string) {
      const before = rules.length;
      rules = rules.filter((rule) => rule.id !== id);
      return rules.length !== before;
    },
    clear() {
      rules = [];
    },
    /** The rules that apply to a request; counted rules are used up. */
    take(method: string, pathname: string, store: string | undefined) {
      const matching = rules.filter(
        (rule) =>
          (!rule.method || rule.method.toUpperCase() === method.toUpperCase()) &&
          toPattern(rule.path).test(pathname) &&
          (!rule.store || rule.store === store),
      );
      for (const rule of matching) {
        if (rule.times !== undefined) rule.times -= 1;
      }
      rules = rules.filter((rule) => rule.times === undefined || rule.times > 0);
      const latencyMs = globalLatencyMs + matching.reduce((sum, rule) => sum + (rule.latencyMs ?? 0), 0);
      return {
        latencyMs,
        effect: matching.find((rule) => rule.status !== undefined || rule.drop || rule.malformed),
      };
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
