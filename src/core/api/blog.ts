/** A store's posts for its dashboard: scheduled ones too, with the page that holds each post's blocks. */
export interface DashboardPost {
  id: number;
  url: string;
  title: string;
  author: string;
  tags: string[];
  publishedAt: string;
  pageId: number | null;
  /** The post's share and banner image. */
  metaImage: { src: string; alt: string } | null;
}
