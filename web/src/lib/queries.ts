// The query hooks, each from its own file rather than the package's index: the index also reaches
// hydration, streamed queries, suspense and the other hooks, and esbuild keeps a module whole (every
// export) in whatever chunk it lands in, so importing it put about 3 KB gzip of unused code into the
// listening page's first load (docs/web.md, "First load"). The same files the index re-exports: one
// context, one cache. The shell's three (client, provider, useQueryClient) are in react-query.ts.
export type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
export { infiniteQueryOptions } from '../../../node_modules/@tanstack/react-query/build/modern/infiniteQueryOptions.js';
export { queryOptions } from '../../../node_modules/@tanstack/react-query/build/modern/queryOptions.js';
export { useInfiniteQuery } from '../../../node_modules/@tanstack/react-query/build/modern/useInfiniteQuery.js';
export { useMutation } from '../../../node_modules/@tanstack/react-query/build/modern/useMutation.js';
export { useQuery } from '../../../node_modules/@tanstack/react-query/build/modern/useQuery.js';
export { useQueryClient } from './react-query.ts';
