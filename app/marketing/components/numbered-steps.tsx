/** A product page's "how it works": numbered cards, two columns on wide screens. */
export function NumberedSteps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-border px-4 py-3">
          <p className="font-medium">
            {index + 1}. {step.title}
          </p>
          <p className="text-sm text-muted-foreground">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
