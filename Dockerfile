# The storefront's server (apps/storefront): the server-rendered storefront, its /api proxy to the
# services host, assets and security headers. Stateless: run as many as you like behind a load
# balancer or a CDN (README, "Running the storefront").
#
#   docker build -t marketkit-storefront .
#   docker run -p 3000:3000 -e SERVICES_HOST=http://services.internal:4010 marketkit-storefront
#
# Settings (environment): SERVICES_HOST (required), PORT (3000), HOST (0.0.0.0), PROXY ("false": the
# browser calls SERVICES_HOST itself), LANGUAGE_HOST (/locales), TRUST_PROXY (behind a load balancer).

FROM node:20.19-bookworm-slim AS build
WORKDIR /workspace
RUN npm install --global --no-audit --no-fund pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm turbo run build --filter=@marketkit/storefront... --output-logs=errors-only \
 && pnpm --filter @marketkit/storefront deploy --legacy --prod /storefront

FROM node:20.19-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /storefront
COPY --from=build /storefront ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/config.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "build-server/main.js"]
