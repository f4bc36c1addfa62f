import { useStore } from '../StoreContext';

/** The announcement region: the store's sitewide banner when it is enabled (§3 Subdomain sitewideBanner). */
export function Announcement() {
  const banner = useStore().state.subdomain.sitewideBanner;
  if (!banner.enabled || !banner.text) return null;
  return (
    <div className="announcement" role="region" aria-label="Announcement" style={{ background: banner.backgroundColor || undefined, color: banner.textColor || undefined }}>
      {banner.text}
    </div>
  );
}
