import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BlockPreviewProps } from '../runtime/types';

/**
 * Live previews behind `x-blocks.preview` names, drawn beside the block editor
 * (runtime/fields/BlocksField.tsx). Loaded on demand, like hand-written screens.
 */
export const blockPreviews: Record<string, LazyExoticComponent<ComponentType<BlockPreviewProps>>> = {
  newsletter: lazy(() => import('./newsletters/NewsletterPreview')),
};
