import { useStore } from '../StoreContext';
import { CutoffBanner } from './CutoffBanner';

/** The announcement region: the delivery cut-off banner and the store's sitewide banner, each when enabled (§3 Subdomain). */
export function Announcement() {
  const banner = useStore().state.subdomain.sitewideBanner;
  if (!banner.enabled || !banner.text) return <CutoffBanner />;
  return (
    <>
      <CutoffBanner />
      <div className="announcement" role="region" aria-label="Announcement" style={{ background: banner.backgroundColor || undefined, color: banner.textColor || undefined }}>
        {banner.text}
      </div>
    </>
  );
}
