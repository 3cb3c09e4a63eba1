package com.bigtimedeals.lambda;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.properties.PropertiesConfiguration;
import org.apache.logging.log4j.core.config.properties.PropertiesConfigurationFactory;

/**
 * log4j's own reader of {@code log4j2.properties} (named by {@code log4j2.configurationFactory} in
 * {@code log4j2.component.properties}), which also tells {@link LoggingStart} that the configuration is being built:
 * log4j calls it while it holds the lock under which its context starts, so from then on every other thread's
 * logger is handed out at once rather than that thread starting log4j itself.
 */
public final class LoggingStartConfigurationFactory extends PropertiesConfigurationFactory {
    @Override
    public PropertiesConfiguration getConfiguration(LoggerContext loggerContext, ConfigurationSource source) {
        LoggingStart.configuring();
        return super.getConfiguration(loggerContext, source);
    }
}
