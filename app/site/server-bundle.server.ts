// The production bundle's entry (vite.config.ts): what server.js and the commands that need the
// built site import from build/server/index.js. The commands come through the bundle because
// their modules reach the site's settings and e-mail, which Node cannot load without a build.
export { runSecondFactorResetCli } from "~/server/team/second-factor-reset-cli.server";
export { serveSite } from "./serve-site.server";
