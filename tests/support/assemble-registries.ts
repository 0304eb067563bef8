// Integration tests call the domains without starting the site: fill in what start-up fills in.
import { assembleRegistries } from "~/server/runtime/registries.server";

assembleRegistries();
