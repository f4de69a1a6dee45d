import { css, cx } from "styled-system/css";
import { type AvatarVariantProps, avatar } from "styled-system/recipes/avatar";

// Drawn by CSS rather than written as text: as text the letter would count as part of the visible label
// of the button it sits in, which its accessible name (the e-mail) would then not contain (WCAG 2.5.3).
const drawnInitial = css({ _before: { content: "attr(data-initial)" } });

type AvatarProps = AvatarVariantProps & { name: string; className?: string };

/**
 * The first letter of a name (here the e-mail), uppercased; decorative next to the visible name.
 * Only the fallback is ever shown, so it is the recipe on plain elements (Ark's avatar machine,
 * which manages image loading, would weigh on every signed-in page for nothing).
 */
export function Avatar({ name, size, className }: AvatarProps) {
  const styles = avatar({ size });
  return (
    <span className={cx(styles.root, className)} aria-hidden="true" data-scope="avatar" data-part="root">
      <span
        className={cx(styles.fallback, drawnInitial)}
        data-scope="avatar"
        data-part="fallback"
        data-initial={name.charAt(0).toUpperCase()}
      />
    </span>
  );
}
