// The CMS's preview of a post: the post page's article, in the site's stylesheet (src/browser/decap-cms.ts
// registers both), from what the form holds (src/lib/cms/preview.ts).
import { PostArticle } from '@/components/react/PostArticle';
import { previewArticle } from '@/lib/cms/preview';

/** What Decap passes a preview template that this one reads. */
interface PreviewProps {
  entry: { get(key: 'data'): { toJS(): unknown } | undefined };
  getAsset(path: string): { toString(): string };
}

export function PostPreview({ entry, getAsset }: PreviewProps) {
  const data = (entry.get('data')?.toJS() ?? {}) as Record<string, unknown>;
  const picture =
    typeof data.featuredImage === 'string' && data.featuredImage ? getAsset(data.featuredImage) : undefined;
  const pictureAt = (address: string) => getAsset(address).toString();
  return <PostArticle post={previewArticle(data, picture?.toString(), pictureAt)} />;
}
