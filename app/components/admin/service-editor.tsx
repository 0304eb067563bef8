import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { iconLabels, iconNames } from "~/lib/icon-names";
import type { EditableService, ServiceFormFailure } from "~/server/services/index.server";
import { AdminPage } from "./admin-page";
import { FeaturedImageField } from "./featured-image-field";
import { Button, buttonClassName, Field, Select, Switch, TextArea, TextInput } from "./ui";
import { INVALID_GROUP, useFocusFirstInvalid } from "./use-focus-first-invalid";

export interface ServiceEditorScreenProps {
  /** The service being edited; null for a new one. */
  service: EditableService | null;
  aiConfigured: boolean;
  failure: ServiceFormFailure | undefined;
}

/** The service form: a new service (service null) or the one being edited. */
export function ServiceEditorScreen({ failure, service, aiConfigured }: ServiceEditorScreenProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors = failure?.fieldErrors ?? {};
  // What was sent, when nothing was saved: shown again (without JavaScript the page reloads).
  const sent = failure?.values;
  const value = (field: keyof NonNullable<typeof sent>, saved: string) => sent?.[field] ?? saved;
  const heading = service ? "Editar Serviço" : "Novo Serviço";
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, failure);
  return (
    <AdminPage title="Serviços" failure={failure}>
      <section
        aria-labelledby="form-servico-titulo"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="form-servico-titulo" className="mb-6 text-xl font-bold text-slate-900 dark:text-white">
          {heading}
        </h2>
        <Form ref={form} method="post" key={service?.id ?? "novo"} className="flex flex-col gap-5" noValidate>
          <Field label="Título" required error={errors.title}>
            <TextInput name="title" defaultValue={value("title", service?.title ?? "")} maxLength={80} />
          </Field>
          <Field
            label="Identificador (âncora em /servicos)"
            error={errors.slug}
            hint="Letras minúsculas, números e hífens. Em branco, é criado a partir do título. Mudá-lo quebra links que já apontam para o serviço."
          >
            <TextInput name="slug" defaultValue={value("slug", service?.slug ?? "")} maxLength={60} />
          </Field>
          <Field label="Ícone" required error={errors.icon}>
            <Select name="icon" defaultValue={value("icon", service?.icon ?? "")}>
              <option value="">Selecione um ícone</option>
              {iconNames.map((name) => (
                <option key={name} value={name}>
                  {iconLabels[name]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Resumo (cartão da página inicial)"
            required
            error={errors.summary}
            hint="O cartão mostra as primeiras linhas."
          >
            <TextArea
              name="summary"
              rows={3}
              defaultValue={value("summary", service?.summary ?? "")}
              maxLength={600}
            />
          </Field>
          <Field label="Descrição (página Serviços)" required error={errors.details}>
            <TextArea
              name="details"
              rows={5}
              defaultValue={value("details", service?.details ?? "")}
              maxLength={3000}
            />
          </Field>
          <Field label="Itens do serviço" error={errors.features} hint="Um item por linha, até 12.">
            <TextArea
              name="features"
              rows={6}
              defaultValue={value("features", service?.features.join("\n") ?? "")}
              maxLength={3000}
            />
          </Field>
          {/* A new key after a failed save shows the picture that was sent, not the saved one. */}
          <FeaturedImageField
            key={sent ? `enviado:${sent.picture}` : "salvo"}
            name="picture"
            defaultValue={value("picture", service?.picture ?? "") || null}
            aiConfigured={aiConfigured}
          />
          {errors.picture ? (
            <p role="alert" {...INVALID_GROUP} className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.picture}
            </p>
          ) : null}
          <Field
            label="Texto alternativo da imagem"
            error={errors.pictureAlt}
            hint="Descreva o que a imagem mostra, para quem não pode vê-la."
          >
            <TextInput
              name="pictureAlt"
              defaultValue={value("pictureAlt", service?.pictureAlt ?? "")}
              maxLength={300}
            />
          </Field>
          <Switch
            name="showOnHome"
            label="Exibir na página inicial"
            defaultChecked={sent ? sent.showOnHome === "on" : (service?.showOnHome ?? false)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={saving} busyLabel="Salvando...">
              Salvar
            </Button>
            <Link to="/admin/servicos" className={buttonClassName("secondary")}>
              Cancelar
            </Link>
          </div>
        </Form>
      </section>
    </AdminPage>
  );
}
