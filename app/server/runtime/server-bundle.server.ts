// The production bundle's entry (vite.config.ts): what server.js and the commands that need the
// built site import from build/server/index.js. The commands come through the bundle because
// their modules reach the site's settings and e-mail, which Node cannot load without a build.
export { serveSite } from "../http/serve-site.server";
export { runSecondFactorResetCli } from "../team/second-factor-reset-cli.server";
