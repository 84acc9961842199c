import type { KeepsakeKind } from '@storyloom/shared/keepsake';
import { buildBook } from './book/build.ts';
import type { KeepsakeBuilder } from './builder.ts';
import { buildExportZip } from './export/zip.ts';

/**
 * The builder of each keepsake kind, loaded by the media worker only (zip and PDF libraries stay out of
 * the route bundles). A kind is offered once it is here and in kinds.ts.
 */
export const keepsakeBuilders: Partial<Record<KeepsakeKind, KeepsakeBuilder>> = {
  export: buildExportZip,
  book: buildBook,
};
