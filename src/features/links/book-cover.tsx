import { IconBook2 } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { isWebAddress } from '@/lib/web-address';
import { useFirstScreenPainted } from '@/lib/later/use-first-screen-painted';
import classes from './book-cover.module.css';

/**
 * A book cover, or a neutral placeholder of the same size when there is none, it is not a web
 * address or it fails to load. Covers come from the image host, a connection of their own: on
 * the first screen they start loading once it is painted, so a page of twenty covers does not
 * hold up the page's own code and calls on a slow connection. Plain elements styled in CSS: a
 * page draws twenty of these.
 */
export function BookCover({ src }: { src: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const firstScreenPainted = useFirstScreenPainted(useRouter());
  if (!src || !isWebAddress(src) || failedSrc === src || !firstScreenPainted) {
    return (
      <div className={`${classes.cover} ${classes.placeholder}`}>
        <IconBook2 size={28} aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      className={classes.cover}
      onError={() => {
        setFailedSrc(src);
      }}
    />
  );
}
