// A bundled locale's first part (word-parts.ts), as an import specifier with a query the build
// reads (vite.config.ts splitWords), which adds `more`, the loader of the second part. Outside
// the build it is the whole translation and `more` is undefined.
declare module '*?words=core' {
  const words: import('./translations/en.js').Translation;
  export default words;
  export const more: (() => Promise<{ default: Partial<import('./translations/en.js').Translation> }>) | undefined;
}
