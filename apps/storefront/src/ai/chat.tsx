import { type AiExchange, useAskAi } from '@marketkit/hooks';
import {
  DEFAULT_LISTING,
  listingSearch,
  MAX_AI_QUESTION_LENGTH,
  mainImage,
  readAiQuestion,
} from '@marketkit/hooks/core';
import { Button, Input, Spinner } from '@marketkit/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productHref } from '../catalogue/links.ts';
import { Thumbnail } from '../catalogue/thumbnail.tsx';
import { failureMessage } from '../common/failure.ts';

const BUBBLE = 'max-w-[85%] rounded-lg px-3 py-2';

/**
 * The shopping assistant's chat (the /ask-ai page and the floating widget's panel): the conversation
 * in order, each answer as plain text with its products and categories as links, and the question
 * field. A refused question shows the server's words and stays in the field.
 */
export function AiChat({ name, onNavigate }: { name: string; onNavigate?: () => void }) {
  const { t } = useTranslation(['ask_ai', 'common']);
  const assistant = useAskAi();
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const newest = useRef<HTMLLIElement>(null);
  const count = assistant.exchanges.length;
  const pending = assistant.pending;

  // The newest question and answer scroll into view.
  useEffect(() => {
    if (count > 0 || pending) newest.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count, pending]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const read = readAiQuestion(question);
    setProblem(read.ok ? undefined : t(`problem.${read.problem}`, { max: MAX_AI_QUESTION_LENGTH }));
    if (!read.ok) return;
    setFailure(null);
    try {
      await assistant.ask(read.question);
      setQuestion('');
    } catch (error) {
      setFailure(failureMessage(error, t('ask_failed'), t));
    }
  };

  return (
    <div className="flex min-h-0 flex-col gap-4">
      <div role="log" aria-label={t('conversation', { name })} className="flex flex-col gap-4">
        {count === 0 && !pending ? <p className="opacity-80">{t('empty', { name })}</p> : null}
        <ol className="flex flex-col gap-4">
          {assistant.exchanges.map((exchange, index) => (
            <li
              key={exchange.id}
              ref={index === count - 1 && !pending ? newest : undefined}
              className="flex flex-col gap-2"
              data-testid="ai-exchange"
            >
              <Question text={exchange.question} />
              <Answer exchange={exchange} name={name} onNavigate={onNavigate} />
            </li>
          ))}
          {pending ? (
            <li ref={newest} className="flex flex-col gap-2">
              <Question text={pending} />
              <div className={`${BUBBLE} flex items-center gap-2 self-start border border-current/15`}>
                <Spinner size={20} label={t('thinking', { name })} />
                <span aria-hidden="true">{t('thinking', { name })}</span>
              </div>
            </li>
          ) : null}
        </ol>
      </div>
      {failure ? (
        <p role="alert" className="rounded-md border border-red-700 px-3 py-2 text-red-700 text-sm">
          {failure}
        </p>
      ) : null}
      <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
        <Input
          label={t('question_label', { name })}
          value={question}
          maxLength={MAX_AI_QUESTION_LENGTH}
          autoComplete="off"
          enterKeyHint="send"
          error={problem}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="submit"
            aria-disabled={pending !== null}
            className="aria-disabled:cursor-wait aria-disabled:opacity-50"
          >
            {t('send')}
          </Button>
          {count > 0 ? (
            <Button
              variant="ghost"
              onClick={() => {
                assistant.clear();
                setFailure(null);
              }}
            >
              {t('new_conversation')}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function Question({ text }: { text: string }) {
  const { t } = useTranslation('ask_ai');
  return (
    <p className={`${BUBBLE} self-end whitespace-pre-line break-words bg-primary text-primary-fg`}>
      <span className="sr-only">{t('you_asked')} </span>
      <bdi>{text}</bdi>
    </p>
  );
}

/** The server's answer as text (never HTML), with the products and categories it names as links. */
function Answer({
  exchange,
  name,
  onNavigate,
}: {
  exchange: AiExchange;
  name: string;
  onNavigate: (() => void) | undefined;
}) {
  const { t } = useTranslation('ask_ai');
  const { answer, products, categories } = exchange.answer;
  return (
    <div className={`${BUBBLE} flex flex-col gap-3 self-start border border-current/15`}>
      <p className="whitespace-pre-line break-words">
        <span className="sr-only">{t('answered', { name })} </span>
        <bdi>{answer}</bdi>
      </p>
      {products.length > 0 ? (
        <ul aria-label={t('products')} className="flex flex-col gap-2">
          {products.map((product) => (
            <li key={product.product_id}>
              <Link
                to={productHref(product.product_id)}
                onClick={onNavigate}
                className="flex items-center gap-3 rounded-md p-1 underline-offset-4 hover:bg-black/5 hover:underline"
              >
                <Thumbnail path={mainImage(product.product_image)} size={48} className="size-12" />
                <span className="min-w-0 break-words font-medium">{product.product_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {categories.length > 0 ? (
        <ul aria-label={t('categories')} className="flex flex-wrap gap-2">
          {categories.map((category) => (
            <li key={category.category_id}>
              <Link
                to={`/productListing?${listingSearch({ ...DEFAULT_LISTING, category: category.category_id })}`}
                onClick={onNavigate}
                className="inline-block rounded-full border border-current/30 px-3 py-1 text-sm hover:bg-black/5"
              >
                {category.category_name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
