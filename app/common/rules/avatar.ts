/** A generated avatar: two colours and an angle derived from a seed (a voice id), the same every time. */
export type AvatarLook = { from: string; to: string; angle: number };

/** FNV-1a: a small, stable string hash (not for security). */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function avatarLook(seed: string): AvatarLook {
  const hash = hashSeed(seed);
  const hue = hash % 360;
  // The second colour 40-160 degrees round the wheel: always two distinct colours, never muddy complements.
  const offset = 40 + ((hash >>> 9) % 120);
  return {
    from: `hsl(${hue} 80% 62%)`,
    to: `hsl(${(hue + offset) % 360} 75% 45%)`,
    angle: (hash >>> 17) % 360,
  };
}
