import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreateFolderContentRequest,
  ErrorBody,
  Folder,
  FolderNameRequest,
  FolderRelation,
  FolderRelationQuery,
  FolderSection,
  IdParam,
  Paginated,
  UpdateFolderRelationRequest,
  IdText,
} from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { normaliseUrl } from "../../lib/providers.ts";
import { notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { ContentRepo, UserContentRow } from "./content.repo.ts";
import type { ContentService } from "./content.service.ts";
import type { FoldersRepo } from "./folders.repo.ts";
import type { FoldersService } from "./folders.service.ts";
import { presentFolder, presentRelation, presentSection } from "./library.present.ts";
import type { TagsRepo } from "./tags.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const access = { access: COMPANY_ROLES };
const SectionParams = IdParam.extend({ sectionId: IdText });

/** Folders with sections (paths ours) and the spec's folder relations (§3, §4, §7). Own folders only. */
export const foldersRoutes: FastifyPluginAsyncZod<{
  folders: FoldersRepo;
  places: FoldersService;
  content: ContentRepo;
  service: ContentService;
  tags: TagsRepo;
}> = async (app, { folders, places, content, service, tags }) => {
  app.get(
    "/api/user/folder",
    { config: access, schema: { tags: ["folders"], summary: "My folders with item counts", response: { 200: z.array(Folder), ...errors } } },
    async (req) => (await folders.listFolders(req.actor.accountId)).map(presentFolder),
  );
  app.post(
    "/api/user/folder",
    { config: access, schema: { tags: ["folders"], summary: "Create a folder", body: FolderNameRequest, response: { 201: Folder, ...errors } } },
    async (req, reply) => reply.status(201).send(presentFolder(await folders.createFolder(req.actor.accountId, req.body.name))),
  );
  app.patch(
    "/api/user/folder/:id",
    {
      config: access,
      schema: { tags: ["folders"], summary: "Rename a folder", params: IdParam, body: FolderNameRequest, response: { 200: Folder, ...errors } },
    },
    async (req) => presentFolder(await folders.renameFolder(req.actor.accountId, req.params.id, req.body.name)),
  );
  app.delete(
    "/api/user/folder/:id",
    {
      config: access,
      schema: { tags: ["folders"], summary: "Delete a folder (its items stay in my library)", params: IdParam, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await folders.deleteFolder(req.actor.accountId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/user/folder/:id/section",
    { config: access, schema: { tags: ["folders"], summary: "A folder's sections", params: IdParam, response: { 200: z.array(FolderSection), ...errors } } },
    async (req) => (await places.listSections(req.actor.accountId, req.params.id)).map(presentSection),
  );
  app.post(
    "/api/user/folder/:id/section",
    {
      config: access,
      schema: { tags: ["folders"], summary: "Add a section", params: IdParam, body: FolderNameRequest, response: { 201: FolderSection, ...errors } },
    },
    async (req, reply) => reply.status(201).send(presentSection(await places.createSection(req.actor.accountId, req.params.id, req.body.name))),
  );
  app.patch(
    "/api/user/folder/:id/section/:sectionId",
    {
      config: access,
      schema: { tags: ["folders"], summary: "Rename a section", params: SectionParams, body: FolderNameRequest, response: { 200: FolderSection, ...errors } },
    },
    async (req) => presentSection(await places.renameSection(req.actor.accountId, req.params.id, req.params.sectionId, req.body.name)),
  );
  app.delete(
    "/api/user/folder/:id/section/:sectionId",
    {
      config: access,
      schema: { tags: ["folders"], summary: "Delete a section (its items move to the folder)", params: SectionParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await places.deleteSection(req.actor.accountId, req.params.id, req.params.sectionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/user/folder_relation",
    {
      config: access,
      schema: {
        tags: ["folders"],
        summary: "Items of a folder, of its unsectioned list (without_section) or of one section (id_section), by priority",
        querystring: FolderRelationQuery,
        response: { 200: Paginated(FolderRelation), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const q = req.query;
      const scope = q.id_section ?? (q.without_section ? null : "all");
      const p = pageParams(q, q.page_size);
      const { rows, count } = await places.listRelations(actor.accountId, q.id_folder__id, scope, p.limit, p.offset);
      // The folder is the caller's (listRelations refuses others'): their own tags, one query for the page.
      const tagged = await tags.ofItems(rows.map((r) => r.content.id));
      return toPage(
        req,
        p,
        count,
        rows.map((r) => presentRelation(r.relation, r.content, tagged.get(r.content.id) ?? [])),
      );
    },
  );

  app.patch(
    "/api/user/folder_relation/:id",
    {
      config: access,
      schema: {
        tags: ["folders"],
        summary: "Move a folder item to a priority and/or another section",
        params: IdParam,
        body: UpdateFolderRelationRequest,
        response: { 200: FolderRelation, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const rel = await places.moveRelation(actor.accountId, req.params.id, { priority: req.body.priority, sectionId: req.body.id_section });
      return presentRelation(rel, await folders.contentOf(rel));
    },
  );

  app.delete(
    "/api/user/folder_relation/:id",
    { config: access, schema: { tags: ["folders"], summary: "Take an item out of a folder", params: IdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await places.removeRelation(req.actor.accountId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/user/folder_relation/create_content",
    {
      config: access,
      schema: {
        tags: ["folders"],
        summary: "Add content to a folder: an item of my library, a catalog item or a new URL",
        body: CreateFolderContentRequest,
        response: { 201: FolderRelation, ...errors },
      },
    },
    async (req, reply) => {
      const { actor } = req;
      const { id_folder, id_section, priority, id_primary, ...fields } = req.body;
      // Ids in the body are checked before the item is saved to my library, like ids in the path.
      await places.checkPlace(actor.accountId, id_folder, id_section ?? null);
      let item: UserContentRow | undefined;
      if (id_primary !== undefined) {
        item = await content.owned(actor.accountId, id_primary);
        if (!item) throw notFound("Content");
      } else if (fields.id_content !== undefined) {
        item = await service.ensureSaved(actor, fields.id_content);
      } else {
        const existing = await content.ownedByUrl(actor.accountId, req.companyId, normaliseUrl(fields.url!));
        item = existing ?? (await service.save(actor, fields));
      }
      const rel = await places.addRelation(actor.accountId, id_folder, id_section ?? null, item.id, priority);
      return reply.status(201).send(presentRelation(rel, item));
    },
  );
};
