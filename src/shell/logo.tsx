import classes from './logo.module.css';

const LOGO_WIDTH = 144;
const LOGO_HEIGHT = 32;

/** The wordmark, drawn in the page rather than fetched: the header paints with nothing to wait for. */
export function Logo() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={LOGO_WIDTH}
      height={LOGO_HEIGHT}
      viewBox={`0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}`}
      role="img"
      aria-label="Shelflink"
    >
      <rect x="2" y="5" width="6" height="22" rx="1.5" fill="#0b7285" />
      <rect x="10" y="3" width="6" height="24" rx="1.5" fill="#1098ad" />
      <rect
        x="18"
        y="7"
        width="6"
        height="20"
        rx="1.5"
        fill="#f08c00"
        transform="rotate(-12 21 17)"
      />
      <path d="M1 29h26" className={classes.shelf} strokeWidth="2" strokeLinecap="round" />
      <text
        x="34"
        y="23"
        fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
        fontSize="19"
        fontWeight="700"
        className={classes.wordmark}
      >
        Shelflink
      </text>
    </svg>
  );
}
