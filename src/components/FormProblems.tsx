import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The messages of a react-hook-form error tree, in field order, each once: a field's own message, the
 * messages of its items (field arrays) and the array's own (`root`).
 */
export function problemMessages(errors: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    if ('message' in node && typeof node.message === 'string' && node.message !== '') {
      found.push(node.message);
    }
    for (const [key, child] of Object.entries(node)) {
      // `ref` is the field's element; `types` repeats the messages (criteriaMode 'all').
      if (key !== 'ref' && key !== 'types' && key !== 'message') walk(child);
    }
  };
  walk(errors);
  return [...new Set(found)];
}

/**
 * Why a form was not sent, in the reader's words (the form's schema names each field as the form labels
 * it); nothing when it has no problem. One alert, so a screen reader hears it when it appears.
 */
export function FormProblems<T extends FieldValues>({
  errors,
  className,
}: {
  errors: FieldErrors<T>;
  className?: string;
}) {
  const messages = problemMessages(errors);
  if (messages.length === 0) return null;
  return (
    <div className={className} role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
