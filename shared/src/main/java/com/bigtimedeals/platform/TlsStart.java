package com.bigtimedeals.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.security.GeneralSecurityException;
import java.util.concurrent.CompletableFuture;

import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;

import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * The TLS context of a function's HTTP client, built on a thread of its own while the container builds everything
 * else: the JDK's trust store read and its certificates parsed, and the SSL context over them, about a tenth of a
 * cold start's CPU that only the first HTTPS connection needs. The URL-connection client would build it in its
 * constructor, before the SDK client can be built; here that client is handed a connection factory that takes the
 * socket factory when a connection opens, waiting for it if it is not ready yet.
 *
 * <p>The context is the one the URL-connection client builds by default ({@code SSLContext.getInstance("TLS")} with the
 * JDK's default key and trust managers). What that client's own factory adds and this one leaves out is its proxy
 * settings: a Lambda function reaches DynamoDB directly (or through a VPC endpoint), not through an HTTP proxy.
 * The container waits for the context ({@link #await}) before its handler's constructor returns, so it is built in
 * the init phase, as before, and before a SnapStart snapshot.
 */
public final class TlsStart {
    private final CompletableFuture<SSLSocketFactory> socketFactory = new CompletableFuture<>();

    private TlsStart() {
    }

    /** Starts building the TLS context on a second thread. */
    public static TlsStart begin() {
        TlsStart start = new TlsStart();
        Thread thread = new Thread(() -> {
            try {
                SSLContext context = SSLContext.getInstance("TLS");
                context.init(null, null, null);
                start.socketFactory.complete(context.getSocketFactory());
            } catch (GeneralSecurityException | RuntimeException | Error e) {
                start.socketFactory.completeExceptionally(e);
            }
        }, "tls-start");
        thread.setDaemon(true);
        thread.start();
        return start;
    }

    /** The URL-connection HTTP client whose HTTPS connections use this context. */
    public SdkHttpClient httpClient() {
        return UrlConnectionHttpClient.create(uri -> {
            try {
                HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
                if (connection instanceof HttpsURLConnection https) {
                    https.setSSLSocketFactory(socketFactory.join());
                }
                return connection;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Waits until the context is built; a failure to build it fails the container's init, as it would inline. */
    public void await() {
        socketFactory.join();
    }
}
