declare module 'virtual:marketkit/early-script' {
  /** The built code of src/early/index.ts, to write inline first in the head (vite/early-scripts.ts). */
  const code: string;
  export default code;
}
