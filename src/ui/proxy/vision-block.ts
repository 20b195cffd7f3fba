import type { ModelListing } from "../../net/models-query.ts";

/**
 * The first of the models that will answer (`""` standing for the picked one) that the proxy
 * says cannot read images, when the message carries an image; null when it may be sent. A model
 * the list does not describe is left to the proxy, which refuses with the same reason.
 */
export function visionBlock(
  listing: ModelListing | undefined,
  picked: string,
  agentModels: readonly string[],
  hasImage: boolean,
): string | null {
  if (!hasImage || !listing) return null;
  const wanted = [picked, ...agentModels.map((m) => (m === "" ? picked : m))];
  for (const id of wanted) {
    const model = listing.models.find((m) => m.id === id);
    if (model?.vision === false) return id;
  }
  return null;
}
