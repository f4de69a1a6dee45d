import { Avatar as ArkAvatar } from "@ark-ui/react/avatar";
import { cx } from "styled-system/css";
import { type AvatarVariantProps, avatar } from "styled-system/recipes";

type AvatarProps = AvatarVariantProps & { name: string; className?: string };

/** The first letter of a name (here the e-mail), uppercased; decorative next to the visible name. */
export function Avatar({ name, size, className }: AvatarProps) {
  const styles = avatar({ size });
  return (
    <ArkAvatar.Root className={cx(styles.root, className)} aria-hidden="true">
      <ArkAvatar.Fallback className={styles.fallback}>{name.charAt(0).toUpperCase()}</ArkAvatar.Fallback>
    </ArkAvatar.Root>
  );
}
