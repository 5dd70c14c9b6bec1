// @ts-check
// The repository's TypeDoc plugin (loaded by typedoc.base.json), two options a package's typedoc.json sets:
// - `entryModuleNames`: names each entry point's module by the specifier an app imports it with
//   (`@marketkit/hooks/core`, not `core`), keyed by the name TypeDoc derives from its path.
// - `membersNotListed`: types whose members are not written out, by name, each with the text that
//   describes it instead (the generated `paths` and `operations` of the contract: 900 kB of Markdown that
//   the contract itself says better, and whose generated comment is the file's "do not edit" header).
import { Comment, Converter, ParameterType, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.options.addDeclaration({
    name: 'entryModuleNames',
    help: 'Import specifier of each entry module, by the name TypeDoc derives from its path.',
    type: ParameterType.Mixed,
    defaultValue: {},
  });
  app.options.addDeclaration({
    name: 'membersNotListed',
    help: 'Exported types whose members are left out of the reference, each with the text shown instead.',
    type: ParameterType.Mixed,
    defaultValue: {},
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    const names = /** @type {Record<string, string>} */ (app.options.getValue('entryModuleNames'));
    if (Object.keys(names).length > 0)
      for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
        const name = names[module.name];
        if (name) module.name = name;
        else
          app.logger.error(`entryModuleNames has no import specifier for the entry module "${module.name}"`);
      }
    const collapsed = /** @type {Record<string, string>} */ (app.options.getValue('membersNotListed'));
    const found = new Set();
    for (const reflection of project.getReflectionsByKind(ReflectionKind.Interface)) {
      const text = collapsed[reflection.name];
      if (text === undefined || !('children' in reflection)) continue;
      found.add(reflection.name);
      for (const child of [...(reflection.children ?? [])]) project.removeReflection(child);
      reflection.comment = new Comment([{ kind: 'text', text }]);
    }
    for (const name of Object.keys(collapsed))
      if (!found.has(name))
        app.logger.error(`membersNotListed names "${name}", which is not an exported interface`);
  });
}
