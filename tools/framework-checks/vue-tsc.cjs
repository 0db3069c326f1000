// vue-tsc with the TypeScript 5 installed beside this file: vue-tsc drives TypeScript through its
// JavaScript API, which the repository's TypeScript 7 does not have. Arguments as tsc's.
require('vue-tsc').run(require.resolve('typescript/lib/tsc'));
