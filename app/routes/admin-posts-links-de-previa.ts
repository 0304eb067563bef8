import { shareLinksAction, shareLinksLoader } from "~/server/posts/share-links-admin.server";
import type { Route } from "./+types/admin-posts-links-de-previa";

// A post's share links, for the editor's fetcher (docs/decisions/0028).

export const loader = ({ request, params }: Route.LoaderArgs) => shareLinksLoader(request, params.id);
export const action = ({ request, params }: Route.ActionArgs) => shareLinksAction(request, params.id);
