// The front door of ai/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import ai/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { generateImage, type ImageGenerationOptions, readPrompt } from "./image-generation.server";
export { AI_MESSAGES, aiImagesConfigured } from "./runware.server";
